"""Tests of the online tables: the protocol, the table server, its clients, over loopback."""
