"""The write side: events, aggregates, the hash-chained store and the command service."""
