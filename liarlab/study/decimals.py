"""One count of decimals per column for a table shown on a page (issue 50): a table rounded cell by cell read
"0.37" under "0.827" and "0" under "0.0381". :func:`shown` declares every fractional float column's decimals to
:func:`liarlab.study.tables.with_decimals`; the numbers themselves are kept."""
from __future__ import annotations

import pandas as pd

from liarlab.study.tables import with_decimals


def shown(frame: pd.DataFrame, digits: int = 3, **columns: int) -> pd.DataFrame:
    """``frame`` as the page shows it: every float column with a fraction at ``digits`` decimals, the columns named
    in ``columns`` at their own count; a float column of whole numbers (counts stored as floats) as it is."""
    def fractional(c) -> bool:
        values = frame[c].dropna()
        return pd.api.types.is_float_dtype(frame[c]) and bool(len(values)) and not (values % 1 == 0).all()

    return with_decimals(frame, {**dict.fromkeys(filter(fractional, frame.columns), digits), **columns})
