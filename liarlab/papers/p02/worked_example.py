"""Notebook 02's worked example: one game of a fresh Q-table against EXP0 with fixed dice, and the report's backward
update applied by liarlab and recomputed by hand from alpha and gamma."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from liarlab.liardice.exp_agents import ExpAgent, play_paper_game
from liarlab.liardice.qtable import QTableAgent, afterstate_key, paper_record

#: the two hands as counts of faces 1..6: player 1 (the table) holds 2, 4, 4, 5, 6; player 2 (EXP0) 1, 3, 3, 6, 6
HANDS = np.array([[0, 1, 0, 2, 1, 1], [1, 0, 2, 0, 0, 2]])
#: an earlier game taught the table to open "one 6" (history 1, partial hand: no bid yet, face 6, one held, bid one)
TAUGHT = {(0, 0, 6, 1, 1): 0.5}


@dataclass
class Example:
    actions: pd.DataFrame      # the game, one action a row
    winner: int                # 0-based seat of the winner
    reward: float              # the table's reward
    updates: pd.DataFrame      # each own key, last first: old value, target, the update by hand, the stored value
    first: str = ""            # every update written out, last key first, computed


def one_update(seed: int) -> Example:
    """Play the game (the table greedy, learning off so that the update is applied here) and apply the report's
    ``feedReward`` with liarlab and by hand."""
    agent = QTableAgent(epsilon=0.0, learning=False)
    agent.table.values.update(TAUGHT)
    record = play_paper_game([agent, ExpAgent(0)], np.random.default_rng(seed), hands=HANDS)
    # the table's own keys, rebuilt from the record with the agent's key function (the RL is P1)
    keys = [afterstate_key(paper_record(record.bids[:i]), HANDS[0], ("bid", b)) if seat == 0 else None
            for i, (seat, b) in enumerate(record.bids)]
    keys.append(afterstate_key(paper_record(record.bids), HANDS[0], ("challenge",)) if record.challenger == 0
                else None)
    actions = pd.DataFrame([{"player": f"P{seat + 1}", "action": f"bid [{f}, {q}]"} for seat, (q, f) in record.bids]
                           + [{"player": f"P{record.challenger + 1}", "action": "challenge"}])
    actions["key the RL stores (history 1, partial hand)"] = [str(k) if k else "" for k in keys]
    trajectory = [k for k in keys if k]
    reward = 1.0 if record.winner == 0 else 0.0
    before = {k: agent.table.get(k) for k in trajectory}
    agent.visited = list(trajectory)
    agent.feed_reward(reward)                           # the report's feedReward, from liarlab
    alpha, gamma, r, rows = agent.alpha, agent.gamma, reward, []
    for key in reversed(trajectory):                    # the same rule by hand
        new = before[key] + alpha * (gamma * r - before[key])
        rows.append({"key": str(key), "old value": before[key], "target γ·r": gamma * r,
                     "by hand: old + α(target − old)": new, "stored by feedReward": agent.table.get(key)})
        r = new
    from liarlab.study.tables import with_decimals

    said, value = [], reward
    for k, row in enumerate(rows):     # each update written out, last key first
        old, target, new = row["old value"], row["target γ·r"], row["by hand: old + α(target − old)"]
        why = f"γ·R = {gamma:g} × {reward:g}" if k == 0 else f"γ times the value just written, {gamma:g} × {value:.4f}"
        said.append(f"{'The last key' if k == 0 else 'The key before it'}, {row['key']}, held {old:.4f}; its target "
                    f"is {why} = {target:.4f}, so the update gives {old:.4f} + {alpha:g} × ({target:.4f} − {old:.4f}) "
                    f"= {new:.4f}; feedReward stored {row['stored by feedReward']:.4f}.")
        value = new
    first = " ".join(said)
    updates = pd.DataFrame(rows)
    return Example(actions, int(record.winner), reward, with_decimals(updates, dict.fromkeys(updates.columns[1:], 4)),
                   first)
