"""The command line (python -m liarlab, liarlab/__main__.py): bad options and a parameter's typo are refused in one
line before anything runs."""


def test_cli_refuses_bad_options_in_one_line_before_anything_runs(tmp_path, capsys):
    from liarlab.__main__ import main

    a_file = tmp_path / "a_file"
    a_file.write_text("")
    for argv, words in ((["--out", str(a_file / "below")], "is a file, not a folder"),
                        (["--scheduler", "nonsense"], "not a Dask scheduler address"),
                        (["--scheduler", "tcp://127.0.0.1:1"], "no Dask scheduler answers there")):
        assert main(["run", "--only", "00", "--profile", "quick", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]


def test_cli_reports_a_typo_with_the_notebooks_parameters(capsys):
    from liarlab.__main__ import main

    assert main(["run", "--only", "00", "--profile", "quick", "--out", "/nonexistent/never", "-p", "nonsense=3"]) == 2
    err = capsys.readouterr().err
    assert "unknown parameter(s) ['nonsense']" in err and "n_monte_carlo" in err
