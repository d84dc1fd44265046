"""The screens of the chickenfoot app: menus, set-up, the game and its results, replays."""
