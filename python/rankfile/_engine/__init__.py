"""The engine driver behind rankfile.engine (python-chess's chess.engine): scores, values,
the protocol machinery, UCI, XBoard and the blocking SimpleEngine, one module each."""
