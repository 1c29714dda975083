"""A game annotator written for python-chess: reads games, marks each capture with an arrow and a
comment, each check with a NAG, the clock of every move, then writes the games back with
StringExporter. Work happens on a worker thread, as in a GUI program. Usage: annotator.py FILE"""
import io
import queue
import sys
import threading

import chess
import chess.pgn


def annotate(game):
    for node in game.mainline():
        board = node.parent.board()
        move = node.move
        if board.is_capture(move):
            node.set_arrows([(move.from_square, move.to_square)])
            node.comment = (node.comment + " capture").strip()
        if node.board().is_check():
            node.nags.add(chess.pgn.NAG_GOOD_MOVE)
        node.set_clock(60.0 + node.ply())
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    return game.accept(exporter)


def main():
    jobs, results = queue.Queue(), queue.Queue()

    def worker():
        while True:
            text = jobs.get()
            if text is None:
                return
            try:
                game = chess.pgn.read_game(io.StringIO(text))
                results.put(annotate(game) if game else "")
            except Exception as error:  # a worker that dies must say so, or main() waits forever
                results.put(f"error: {type(error).__name__}: {error}")

    thread = threading.Thread(target=worker)
    thread.start()
    with open(sys.argv[1], encoding="utf-8-sig") as handle:
        count = 0
        while True:
            start = handle.tell()
            headers = chess.pgn.read_headers(handle)
            if headers is None:
                break
            end = handle.tell()
            handle.seek(start)
            jobs.put(handle.read(end - start))
            handle.seek(end)
            count += 1
    jobs.put(None)
    for _ in range(count):
        print(results.get(timeout=60))
        print()
    thread.join()


if __name__ == "__main__":
    main()
