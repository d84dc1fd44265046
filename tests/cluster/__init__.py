"""Several table servers on one PostgreSQL store: leases, relays, takeover, a proxy in front."""
