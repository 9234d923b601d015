/** German dates: "21.11.2026", in shop time (Europe/Berlin). */
const germanDate = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Berlin",
});

export function formatGermanDate(isoDate: string): string {
  // A bare date means that calendar day; noon UTC keeps it there in any European time zone.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T12:00:00Z`) : new Date(isoDate);
  return germanDate.format(date);
}

const germanDateTime = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Berlin",
});

/** "21.11.2026, 14:05" in shop time. */
export function formatGermanDateTime(isoDateTime: string): string {
  return germanDateTime.format(new Date(isoDateTime));
}

const germanDay = new Intl.DateTimeFormat("de-DE", {
  weekday: "short",
  day: "2-digit",
  month: "2-digit",
  timeZone: "Europe/Berlin",
});

/** "Mo., 23.11." for a Berlin calendar day 'YYYY-MM-DD'. */
export function formatGermanDay(isoDate: string): string {
  return germanDay.format(new Date(`${isoDate}T12:00:00Z`));
}

const germanDayWithYear = new Intl.DateTimeFormat("de-DE", {
  weekday: "short",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Berlin",
});

/** "Mo., 23.11.2026": a day that must be told apart from the same date in another year or week. */
export function formatGermanDayWithYear(isoDate: string): string {
  return germanDayWithYear.format(new Date(`${isoDate}T12:00:00Z`));
}

const germanTime = new Intl.DateTimeFormat("de-DE", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Berlin" });

/** "14:05" in shop time. */
export function formatGermanTime(isoDateTime: string): string {
  return germanTime.format(new Date(isoDateTime));
}
