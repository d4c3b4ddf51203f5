#!/bin/sh
# The browser tests' mail program (KIDNEYHUB_MAIL_COMMAND, set by conftest.py): records the file and the address it
# was handed, one per line, in the hub's data folder.
printf '%s\n' "$@" >> "$XDG_DATA_HOME/mailed.txt"
