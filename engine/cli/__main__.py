import sys

from ledgermind.cli import main

sys.exit(main())
