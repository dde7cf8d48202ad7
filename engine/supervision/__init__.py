"""Supervising agents: run an agent command as a child, notice that it died
or went silent, and restart it as a new incarnation with its memory.
"""
