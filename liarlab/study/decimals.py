"""One count of decimals per column for a table shown on a page (issue 50): a table rounded cell by cell read
"0.37" under "0.827" and "0" under "0.0381". :func:`shown` declares every fractional float column's decimals to
:func:`liarlab.study.tables.with_decimals`; the numbers themselves are kept. The one door for it (notebooks 01, 04
and 05 use it)."""
from __future__ import annotations

import pandas as pd

from liarlab.study.tables import with_decimals


def shown(frame: pd.DataFrame, digits: int = 3, only=None, **columns: int) -> pd.DataFrame:
    """``frame`` as the page shows it: every float column with a fraction at ``digits`` decimals (only those named
    in ``only``, when given), the columns named in ``columns`` at their own count; a float column of whole numbers
    (counts stored as floats) as it is. A two-level header, whose cells the page's tables leave as they are, is named
    by its levels ("lie share / modified rules")."""
    if isinstance(frame.columns, pd.MultiIndex):
        frame = frame.set_axis([" / ".join(str(x).replace("_", " ") for x in c) for c in frame.columns], axis=1)

    def fractional(c) -> bool:
        values = frame[c].dropna()
        return (pd.api.types.is_float_dtype(frame[c]) and bool(len(values)) and not (values % 1 == 0).all()
                and (only is None or c in only))

    return with_decimals(frame, {**dict.fromkeys(filter(fractional, frame.columns), digits), **columns})
