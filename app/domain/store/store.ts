/** Stores with opening and staffed hours (weekday 0 = Monday), shown in Europe/Berlin time. */
export type DayHours = [string, string][];

export interface Store {
  id: string;
  name: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  phone: string | null;
  latitude: number;
  longitude: number;
  clickAndCollect: boolean;
  openingHours: DayHours[];
  staffedHours: DayHours[];
}

/** "08:00–13:00, 15:00–19:00" or null when closed. */
export function formatDayHours(day: DayHours): string | null {
  return day.length ? day.map(([from, to]) => `${from}–${to}`).join(", ") : null;
}

/** Consecutive weekdays with the same hours, e.g. Mo–Fr 08:00–20:00. */
export function groupWeekdays(week: DayHours[]): { from: number; to: number; hours: string | null }[] {
  const groups: { from: number; to: number; hours: string | null }[] = [];
  week.forEach((day, i) => {
    const hours = formatDayHours(day);
    const last = groups.at(-1);
    if (last && last.hours === hours) last.to = i;
    else groups.push({ from: i, to: i, hours });
  });
  return groups;
}

/**
 * A hybrid store is open longer than it is staffed: outside the staffed hours customers enter with
 * their store card and pay at the self-checkouts.
 */
export function isHybrid(store: Pick<Store, "openingHours" | "staffedHours">): boolean {
  return store.openingHours.some((day, i) => formatDayHours(day) !== formatDayHours(store.staffedHours[i] ?? []));
}

/** A store's own page: `/content/markt/{id}`, resolved by the content catch-all route. */
export function storePath(id: string): string {
  return `/content/markt/${encodeURIComponent(id)}`;
}

/** A week's hours as lines like "Mo–Fr 07:00–21:00", with the shop's weekday abbreviations. */
export function weekLines(week: DayHours[], days: string[], closed: string): string[] {
  return groupWeekdays(week).map(
    (g) => `${g.from === g.to ? days[g.from] : `${days[g.from]}–${days[g.to]}`} ${g.hours ?? closed}`,
  );
}

/**
 * A day that differs from the store's week (back office, decision 0045): closed all day (no
 * hours), or open and staffed as its own hours say, e.g. 24 December until 14:00.
 */
export interface SpecialDay {
  day: string;
  reason: string;
  opening: DayHours | null;
  staffed: DayHours | null;
}

/** A special day as its table row holds it (migration 0032). */
export function specialDayOf(row: {
  day: string;
  reason: string;
  opening_hours: string | null;
  staffed_hours: string | null;
}): SpecialDay {
  const hours = (json: string | null) => (json === null ? null : (JSON.parse(json) as DayHours));
  return { day: row.day, reason: row.reason, opening: hours(row.opening_hours), staffed: hours(row.staffed_hours) };
}

/** Closed all day. */
export const isClosedDay = (special: SpecialDay | undefined) => special !== undefined && special.opening === null;

/** The staffed hours of a calendar day ('YYYY-MM-DD', weekday 0 = Monday): its special day's, else its weekday's. */
export function staffedOn(
  day: string,
  weekday: number,
  week: DayHours[],
  special: ReadonlyMap<string, SpecialDay> | undefined,
): DayHours {
  const other = special?.get(day);
  if (other) return other.staffed ?? [];
  return week[weekday] ?? [];
}
