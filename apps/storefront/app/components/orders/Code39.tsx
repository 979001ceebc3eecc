/**
 * A Code 39 barcode as SVG (the return number on the label): each character is five bars and four spaces, three
 * of them wide, framed by the start/stop character `*`. Scanners read it at the usual 3:1 width ratio.
 */
const PATTERNS: Record<string, string> = {
  "0": "000110100",
  "1": "100100001",
  "2": "001100001",
  "3": "101100000",
  "4": "000110001",
  "5": "100110000",
  "6": "001110000",
  "7": "000100101",
  "8": "100100100",
  "9": "001100100",
  A: "100001001",
  B: "001001001",
  C: "101001000",
  D: "000011001",
  E: "100011000",
  F: "001011000",
  G: "000001101",
  H: "100001100",
  I: "001001100",
  J: "000011100",
  K: "100000011",
  L: "001000011",
  M: "101000010",
  N: "000010011",
  O: "100010010",
  P: "001010010",
  Q: "000000111",
  R: "100000110",
  S: "001000110",
  T: "000010110",
  U: "110000001",
  V: "011000001",
  W: "111000000",
  X: "010010001",
  Y: "110010000",
  Z: "011010000",
  "-": "010000101",
  ".": "110000100",
  " ": "011000100",
  "*": "010010100",
};

const NARROW = 2;
const WIDE = 6;

/** Bars as [x, width] pairs for a text (unknown characters are left out). */
export function code39Bars(text: string): { bars: [number, number][]; width: number } {
  const chars = `*${[...text.toUpperCase()].filter((c) => c in PATTERNS && c !== "*").join("")}*`;
  const bars: [number, number][] = [];
  let x = 0;
  for (const char of chars) {
    const pattern = PATTERNS[char] as string;
    for (let i = 0; i < 9; i++) {
      const w = pattern[i] === "1" ? WIDE : NARROW;
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    }
    x += NARROW;
  }
  return { bars, width: x - NARROW };
}

export function Code39({ value, height = 80, label }: { value: string; height?: number; label: string }) {
  const { bars, width } = code39Bars(value);
  return (
    <svg
      className="code39"
      viewBox={`-20 0 ${width + 40} ${height}`}
      width={width + 40}
      height={height}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <title>{label}</title>
      <rect x={-20} y={0} width={width + 40} height={height} fill="#fff" />
      {bars.map(([x, w]) => (
        <rect key={x} x={x} y={0} width={w} height={height} fill="#000" />
      ))}
    </svg>
  );
}
