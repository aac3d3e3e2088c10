import pandas as pd

from liarlab.study.decimals import shown
from liarlab.study.tables import table_html


def test_every_fractional_float_column_gets_one_count_of_decimals():
    frame = pd.DataFrame({"share": [0.0381, 0.0, 0.5], "games": [120.0, 60.0, 30.0], "n": [1, 2, 3],
                          "s": [0.000294589, 0.016257891, 0.1]})
    out = shown(frame, 4, s=6)
    assert out.attrs["decimals"] == {"share": 4, "s": 6}          # whole-number floats are counts: left as they are
    html = table_html(out)
    assert "0.0000" in html and "0.0381" in html and "0.000295" in html and "0.100000" in html
    assert out.equals(frame)                                  # the numbers themselves are kept
