/**
 * Shop time is Europe/Berlin (docs/architecture.md "Data": store UTC, show and slot in Berlin time). The
 * offset is read from the platform's time-zone data for each instant, so summer time (+02:00) and
 * winter time (+01:00) are both right.
 */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  weekday: "short",
});

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export interface BerlinTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
  /** 0 = Monday … 6 = Sunday, like the stores' opening hours */
  weekday: number;
}

export function inBerlin(instant: Date): BerlinTime {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, weekday: WEEKDAYS.indexOf(p.weekday) };
}

/** The UTC instant of a Berlin wall-clock time. */
export function berlinInstant(date: string, time: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // The offset at a guess an offset away is the offset at the answer, except within the
  // switch-over hour, where a second step settles it.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = inBerlin(new Date(guess));
    const offset = Date.parse(`${seen.date}T${seen.time}:00Z`) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
}

/** Today in Berlin ('YYYY-MM-DD'): the day an 18th birthday, a coupon's last day and share counts go by. */
export function berlinToday(now = new Date()): string {
  return inBerlin(now).date;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
}
