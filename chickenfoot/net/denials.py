"""A server's refusals (:class:`~chickenfoot.net.protocol.Denied`): made of codes by the
server, worded by each client in its own language.

A server sends no sentence a person reads: a refusal is its ``reason``, the case of it
(``detail``) and the facts a sentence needs (the code asked for, the name refused, a count).
:func:`denial_text` words one in the language in use, for every front end (the full-screen
app, the plain mode, ``chickenfoot join``); :func:`wire_denial` and :func:`bad_name` are the
server's ways to make the refusals whose facts come from a frame.
"""

from __future__ import annotations

from typing import get_args

from chickenfoot.lang import _, ngettext
from chickenfoot.net.names import name_refusal
from chickenfoot.net.protocol import Denied
from chickenfoot.play.wire import WireError, WireFault, wire_problem_text
from chickenfoot.record.problems import printable

FIELD_LIMIT = 80
"""The longest field name a refusal repeats (a client's unknown field is named by the client)."""


def wire_denial(error: WireError) -> Denied:
    """The refusal of a frame that could not be read (the field it names made printable and
    short: an unknown field's name is the client's own text)."""
    field = printable(error.field, FIELD_LIMIT) if error.field is not None else None
    return Denied(reason="bad_message", detail=error.fault, field=field)


def bad_name(name: str) -> Denied:
    """The refusal of ``name``, which cannot be a name at an online table (the client words
    why with :func:`~chickenfoot.net.names.name_refusal`, as the server found it)."""
    return Denied(reason="bad_message", detail="bad_name", name=name)


def denial_text(denied: Denied) -> str:
    """Why the server refused, in a few plain words in the language in use (lower case, no
    full stop: the front ends place it in their own sentence)."""
    reason, detail = denied.reason, denied.detail
    if reason == "bad_message":
        return _bad_message_text(denied)
    if reason == "first_message":
        if detail == "too_late":
            return _("say which table you want, and sooner")
        return _("the first message makes, joins or watches a table")
    if reason == "no_such_table":
        # Translators: {code} is the table code asked for, in quotes ('ABCDEF').
        return _("there is no table {code} here").format(code=repr(denied.code or ""))
    if reason == "bad_token":
        return _("that seat token is not one of this table's")
    if reason == "table_full":
        # Translators: "Watch only" and "Join a table" name a checkbox and a menu item: use
        # their translations; "chickenfoot join --watch" is a command (not translated).
        return _(
            "every seat at this table is taken: to watch it, tick Watch only in Join a table "
            "(or chickenfoot join --watch)"
        )
    if reason == "too_many_tables":
        return _("this server holds as many tables as it may: try again later")
    if reason == "too_many_new_tables":
        return _("your address made tables too quickly: wait a minute")
    if reason == "too_many_open_tables":
        count = denied.count or 0
        return ngettext(
            "your address has {count} open table that nobody else joined: share it, or wait "
            "for it to close",
            "your address has {count} open tables that nobody else joined: share one of "
            "those, or wait for them to close",
            count,
        ).format(count=count)
    if reason == "too_many_connections":
        return _("too many connections from your address")
    if reason == "too_many_spectators":
        return _("this table has as many spectators as it may")
    if reason == "watching_off":
        return _("the table's creator turned watching off")
    if reason == "name_taken":
        return _taken_text(denied.name or "", denied.like or "")
    if reason == "too_fast":
        return _("too many messages: slow down")
    if reason == "not_creator":
        return _not_creator_text(denied)
    if reason == "not_now":
        return _not_now_text(denied)
    if detail == "deal_failed":
        return _("the game could not be dealt: try again")
    if detail == "table_server_silent":
        return _("the server of this table does not answer yet: try again")
    return _("the server is busy: try again")


def _bad_message_text(denied: Denied) -> str:
    detail = denied.detail
    if detail == "bad_name":
        refusal = name_refusal(denied.name or "")
        return refusal if refusal is not None else _("that name cannot be used at this table")
    if detail == "no_person_seat":
        return _("a table needs a seat for a person")
    if detail == "seats_and_players_differ":
        return _("the table's seats and its rules' players differ")
    fault = next((fault for fault in get_args(WireFault) if fault == detail), None)
    if fault is not None:
        # Translators: {problem} says what was wrong with the message ("a message that is not
        # JSON"...).
        return _("the server could not read {problem}").format(
            problem=wire_problem_text(
                fault, printable(denied.field, FIELD_LIMIT) if denied.field else None
            )
        )
    return _("the server could not read a message")


def _taken_text(name: str, like: str) -> str:
    """Why ``name`` is refused at a table where somebody goes by ``like``."""
    if name == like:
        return _("somebody at this table is called {name}: choose another name").format(name=name)
    return _("{name} looks like {like}, who is at this table: choose another name").format(
        name=name, like=like
    )


def _not_creator_text(denied: Denied) -> str:
    if denied.detail == "start":
        return _("only the table's creator starts it")
    if denied.detail == "cover":
        return _("only the table's creator hands a seat over")
    if denied.detail == "watching":
        return _("only the table's creator lets people watch")
    return _("only the table's creator may do that")


def _not_now_text(denied: Denied) -> str:
    detail = denied.detail
    if detail == "at_a_table":
        return _("this connection is at a table already")
    if detail == "at_no_table":
        return _("this connection is at no table")
    if detail == "not_started":
        return _("the game has not started yet")
    if detail == "started":
        return _("the game has started already")
    if detail == "starts_by_itself":
        return _("this table starts by itself once everyone has joined")
    if detail == "hints_off":
        return _("hints are off at this table")
    if detail == "pace_is_the_tables":
        return _("the computers' pace is the table's")
    if detail == "not_a_lost_seat":
        return _("that seat is not a person's seat in play")
    if detail == "seat_connected":
        return _("that seat's person is connected")
    return _("that cannot be done now")
