"""HiGHS as the solvers use it (liarlab.bluff.warm_lp): one thread per process, fixed by the first solve."""


def test_every_highs_solver_of_a_process_runs_on_the_one_thread_the_first_solve_fixes():
    # HiGHS sizes one task scheduler per process at its first solve and refuses later solves that ask for another
    # thread count (status "Not Set"): a value-only turn LP first, then a one-thread solver, in a fresh process
    import subprocess
    import sys

    script = ("import numpy as np, scipy.sparse as sp\n"
              "from liarlab.bluff import ferguson, warm_lp\n"
              "ferguson.ferguson_values(4)\n"
              "lp = warm_lp.highs_model(np.ones(1), sp.csc_matrix(np.ones((1, 1))), [0], [np.inf], [1], [np.inf])\n"
              "print(warm_lp._solve_model(warm_lp.quiet_highs(), lp, 'a one-row LP'))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-500:]
    assert float(out.stdout.split()[-1]) == 1.0
