"""The expert: its search, its budgets, and stopping when asked."""

from __future__ import annotations

import math
import threading

import pytest

from chickenfoot.bots import DEFAULT_THINK_TIME, ExpertBot, GreedyBot, expert, make_bot
from chickenfoot.bots.expert import Appraisal, OwnDecisions, OwnNode
from chickenfoot.rules import Tile, core, legal_actions, play

from .tables import after_arms


def test_it_thinks_for_its_default_time_unless_given_a_budget() -> None:
    assert ExpertBot(1).think_time == DEFAULT_THINK_TIME and ExpertBot(1).playouts is None
    assert ExpertBot(1, playouts=40).think_time is None
    assert ExpertBot(1, think_time=0.01).think_time == 0.01


def test_a_playout_budget_gives_the_same_appraisal_every_time() -> None:
    state = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    view, legal = state.view(1), legal_actions(state)
    first = ExpertBot(3, playouts=60).appraise(view, legal)
    assert first == ExpertBot(3, playouts=60).appraise(view, legal)
    assert first.actions == legal and len(first.margins) == len(legal)
    assert first.worlds >= 1 and first.playouts < 60 + len(legal)
    racing = [
        margin
        for margin, tried in zip(first.margins, first.tried, strict=True)
        if tried == first.worlds
    ]
    assert first.best == first.actions[first.margins.index(min(racing))]


def test_the_search_drops_actions_clearly_behind_and_keeps_the_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = after_arms("1|5 1|8 2|4 2|6 3|5 3|7")
    view, legal = state.view(1), legal_actions(state)
    assert len(legal) == 6
    racing = ExpertBot(3, playouts=600).appraise(view, legal)
    monkeypatch.setattr(expert, "DROP_LEAD", math.inf)
    monkeypatch.setattr(expert, "CLEAR_LEAD", math.inf)
    even = ExpertBot(3, playouts=600).appraise(view, legal)
    assert even.tried == (100,) * 6, "nothing dropped: every action in every world"
    # The actions are close here; the one it keeps is as good as the best of the even search.
    kept = even.margins[legal.index(racing.best)]
    assert kept - min(even.margins) < 1.0 < max(even.margins) - kept
    assert racing.tried[legal.index(play(1, Tile(1, 8), "A"))] < 100, "the worst left early"
    assert min(racing.tried) < racing.worlds, "some actions left the race"
    assert racing.tried[legal.index(racing.best)] == racing.worlds > 100
    assert racing.playouts == sum(racing.tried)
    assert 600 <= racing.playouts < 600 + len(legal)


def test_it_keeps_to_its_playout_budget() -> None:
    state = after_arms("1|2 1|3 2|3 0|1 0|2 0|3")
    view, legal = state.view(1), legal_actions(state)
    assert len(legal) == 12
    for budget in (1, 50, 200, 500):
        appraisal = ExpertBot(4, playouts=budget).appraise(view, legal)
        assert budget <= appraisal.playouts < budget + len(legal)


def test_it_stops_early_once_one_action_is_clearly_ahead() -> None:
    # Laying 1|1 and keeping 1|8 for its foot goes out in two turns: nothing else comes close.
    state = after_arms("1|1 1|8", others=("5|6", "5|7", "5|8"), hand_size=3)
    view, legal = state.view(1), legal_actions(state)
    appraisal = ExpertBot(1, playouts=10_000).appraise(view, legal)
    assert appraisal.best == play(1, Tile(1, 1), "A")
    assert appraisal.playouts < 1_000


def test_it_sees_what_the_casual_player_misses() -> None:
    # Seat 1 holds 1|1 and 1|8, with A showing 1. Casual sheds 1|8 and strands 1|1; the
    # expert lays 1|1 and keeps 1|8 to play on its foot: out in two turns.
    state = after_arms("1|1 1|8", others=("5|6", "5|7", "5|8"), hand_size=3)
    legal = legal_actions(state)
    assert GreedyBot(0).choose(state.view(1), legal) == play(1, Tile(1, 8), "A")
    appraisal = ExpertBot(1, playouts=40).appraise(state.view(1), legal)
    assert appraisal.best == play(1, Tile(1, 1), "A")


def test_a_forced_move_takes_no_thought() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    legal = legal_actions(state)
    assert len(legal) == 1
    assert ExpertBot(1, think_time=1000).choose(state.view(1), legal) == legal[0]


def test_it_stops_when_asked_and_answers_with_its_best_so_far() -> None:
    state = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    view, legal = state.view(1), legal_actions(state)
    at_once = ExpertBot(2, think_time=1000).choose(view, legal, should_stop=lambda: True)
    assert at_once == GreedyBot(0).choose(view, legal), "no world yet: the casual move"
    asked: list[int] = []

    def after_some_worlds() -> bool:
        asked.append(1)
        return len(asked) > 5 * len(legal)

    expert = ExpertBot(2, think_time=1000)
    choice = expert.choose(view, legal, should_stop=after_some_worlds)
    assert choice in legal and len(asked) == 5 * len(legal) + 1
    cut = expert.appraise(view, legal, should_stop=lambda: False)
    assert isinstance(cut, Appraisal)


def test_it_can_think_in_a_worker_thread_and_be_cancelled() -> None:
    state = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    view, legal = state.view(1), legal_actions(state)
    cancel = threading.Event()
    found: list[object] = []
    worker = threading.Thread(
        target=lambda: found.append(
            ExpertBot(5, think_time=1000).choose(view, legal, cancel.is_set)
        )
    )
    worker.start()
    cancel.set()
    worker.join(timeout=30)
    assert not worker.is_alive() and found[0] in legal


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="think time must be more than 0 seconds, not -1"):
        ExpertBot(1, think_time=-1)
    with pytest.raises(ValueError, match="playouts must be at least 1, not 0"):
        ExpertBot(1, playouts=0)


def test_its_own_later_moves_are_searched_in_a_tree_of_what_it_tried() -> None:
    state = after_arms("1|5 1|8 2|4 2|6 3|5 3|7")
    position = core.from_state(state)
    moves = core.legal_moves(position)
    assert len(moves) == 6 and core.turn(position) == 1
    scores = {move: float(index) for index, move in enumerate(moves)}  # the first is best
    planner = OwnDecisions(1, policy=lambda _position, offered: offered[-1], explore=2.0)
    tree = OwnNode()
    tried = []
    for _round in range(6):
        planner.start(tree)
        tried.append(planner(position, moves))
        assert planner(position, moves) == moves[-1], "a round that left the tree: the policy"
        planner.back_up(scores[tried[-1]])
    assert sorted(tried) == sorted(moves), "every move once before any again"
    for _round in range(60):
        planner.start(tree)
        planner.back_up(scores[planner(position, moves)])
    visits = [tree.children[move].visits for move in moves]
    assert tree.visits == 66 and sum(visits) == 66
    assert visits[0] == max(visits) > 20 and min(visits) >= 1


def test_the_others_moves_in_its_imagined_rounds_are_the_policys() -> None:
    state = after_arms("1|5 1|8 2|4 2|6 3|5 3|7")
    position = core.play(core.from_state(state), core.legal_moves(core.from_state(state))[0])
    moves = core.legal_moves(position)
    assert core.turn(position) == 2 and len(moves) == 6
    planner = OwnDecisions(1, policy=lambda _position, offered: offered[-1])
    tree = OwnNode()
    planner.start(tree)
    assert planner(position, moves) == moves[-1], "the tree would try the first move"
    assert not tree.children, "only its own decisions grow the tree"


def test_the_seats_it_knows_to_plan_play_its_imagined_rounds_as_planners() -> None:
    # B shows 2 and seat 1 is on turn: the casual player sheds 2|5, a planner lays 2|2 and
    # keeps 2|5 for its foot (see test_playout).
    state = after_arms("2|2 2|5 4|6 6|7 7|8 6|8")
    position = core.from_state(state)
    moves = core.legal_moves(position)
    planned, shed = play(1, Tile(2, 2), "B"), play(1, Tile(2, 5), "B")
    told = ExpertBot(1, planners={1, 2})
    assert core.to_action(told.playout_for(state.view(0))(position, moves)) == planned
    # Its own seat is never a planner: its own later moves are searched in the tree.
    assert core.to_action(told.playout_for(state.view(1))(position, moves)) == shed
    untold = ExpertBot(1)
    assert core.to_action(untold.playout_for(state.view(0))(position, moves)) == shed


def test_against_casual_players_knowing_the_lineup_changes_nothing() -> None:
    state = after_arms("1|2 1|3 2|3 0|1 0|2 0|3")
    view, legal = state.view(1), legal_actions(state)
    told = make_bot("expert", 3, playouts=300, lineup=("casual", "expert", "beginner", "casual"))
    untold = make_bot("expert", 3, playouts=300)
    assert isinstance(told, ExpertBot) and isinstance(untold, ExpertBot)
    assert told.appraise(view, legal) == untold.appraise(view, legal)
