"""What a person at a table sees and types: the shared table and its commands,
look-ups, hints, the score sheet, colour; and the front ends, local (line prompt,
hot-seat) and SSH."""
