/**
 * UCB1 over a fixed list of arms: play each arm once, then the arm with the
 * best mean reward plus `sqrt(2 ln t / n)`. Ties go to the earlier arm, so
 * it is deterministic.
 *
 * When to use: the bandit strategy picks mutation operators with it; it is
 * exported for tests and for anyone wanting to inspect the arm statistics.
 *
 * Gotchas: rewards are expected in [0, 1].
 *
 * @example
 * ```ts
 * const bandit = new Ucb1(["a", "b"]);
 * const arm = bandit.choose();
 * bandit.reward(arm, 1);
 * ```
 */
export class Ucb1<Arm extends string> {
  private readonly pulls: number[];
  private readonly sums: number[];
  private total = 0;

  constructor(private readonly arms: readonly Arm[]) {
    if (arms.length === 0) throw new RangeError("Ucb1 needs at least one arm");
    this.pulls = arms.map(() => 0);
    this.sums = arms.map(() => 0);
  }

  /** The arm to play next. */
  choose(): Arm {
    let best = 0;
    let bestScore = -Infinity;
    for (let a = 0; a < this.arms.length; a++) {
      const n = this.pulls[a] ?? 0;
      if (n === 0) return this.arms[a] as Arm;
      const score = (this.sums[a] ?? 0) / n + Math.sqrt((2 * Math.log(this.total)) / n);
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    return this.arms[best] as Arm;
  }

  /** Records that `arm` was played and earned `reward`. */
  reward(arm: Arm, reward: number): void {
    const a = this.arms.indexOf(arm);
    if (a < 0) throw new RangeError(`unknown arm ${arm}`);
    this.pulls[a] = (this.pulls[a] ?? 0) + 1;
    this.sums[a] = (this.sums[a] ?? 0) + reward;
    this.total++;
  }

  /** Pulls and mean reward per arm, in arm order. */
  stats(): { arm: Arm; pulls: number; meanReward: number }[] {
    return this.arms.map((arm, a) => {
      const pulls = this.pulls[a] ?? 0;
      return { arm, pulls, meanReward: pulls === 0 ? 0 : (this.sums[a] ?? 0) / pulls };
    });
  }
}
