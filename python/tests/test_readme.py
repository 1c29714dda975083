"""The README's Python examples are real: every ```pycon block of README.md runs as a doctest
against the package built in the tree, each line's output as the README shows it. (The ```console
examples of the program are tools/readme_examples.py's, ctest readme_examples.)"""
import doctest
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def pycon_blocks(text):
    """The text of each ```pycon block, with the line it starts on."""
    return [(text.count("\n", 0, m.start()) + 2, m.group(1))
            for m in re.finditer(r"^```pycon\n(.*?)^```$", text, re.S | re.M)]


def test_the_readme_has_a_python_example():
    assert pycon_blocks(README.read_text(encoding="utf-8"))


def test_the_readme_python_examples_print_what_they_show(monkeypatch):
    monkeypatch.chdir(README.parent)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for line, block in pycon_blocks(README.read_text(encoding="utf-8")):
        test = parser.get_doctest(block, {}, f"README.md, line {line}", str(README), line)
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0
    assert failed == 0, f"{failed} of {attempted} README examples differ (printed above)"


def test_a_wrong_example_is_caught():
    """The check can fail: an example whose output is not what runs is counted as failed."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner()
    test = parser.get_doctest(">>> 1 + 1\n3\n", {}, "wrong", "wrong", 0)
    runner.run(test, out=lambda text: None)
    assert runner.summarize(verbose=False).failed == 1
