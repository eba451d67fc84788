// Exact rational numbers over BigInt, always in lowest terms with a positive denominator, so that
// probabilities add up exactly (a column's odds sum to exactly 1, never 0.9999999).

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  /** `num/den` reduced; throws on a zero denominator. */
  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('a fraction cannot have a zero denominator');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    return new Fraction(n / g, d / g);
  }

  static readonly ZERO = Fraction.of(0);
  static readonly ONE = Fraction.of(1);

  /** The exact sum of a list (0 for none). */
  static sum(values: Iterable<Fraction>): Fraction {
    let total = Fraction.ZERO;
    for (const v of values) total = total.add(v);
    return total;
  }

  add(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  mul(o: Fraction | bigint | number): Fraction {
    const f = o instanceof Fraction ? o : Fraction.of(o);
    return Fraction.of(this.num * f.num, this.den * f.den);
  }

  div(o: Fraction | bigint | number): Fraction {
    const f = o instanceof Fraction ? o : Fraction.of(o);
    if (f.num === 0n) throw new RangeError('division by zero');
    return Fraction.of(this.num * f.den, this.den * f.num);
  }

  /** -1, 0 or 1 as this is less than, equal to or greater than `o`. */
  compare(o: Fraction): -1 | 0 | 1 {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }

  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  /** The nearest float, for percentages and JSON numbers; never used in sums. */
  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }

  /** "3/25", or "1" and "0" for whole numbers. */
  toString(): string {
    return this.den === 1n ? String(this.num) : `${this.num}/${this.den}`;
  }

  /** "12.0%" with `digits` decimals. */
  toPercent(digits = 1): string {
    return `${(this.toNumber() * 100).toFixed(digits)}%`;
  }
}
