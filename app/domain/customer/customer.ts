/** What the personal-data page shows and edits. */
export interface CustomerProfile {
  email: string;
  firstname: string;
  lastname: string;
  dob: string | null;
  telephone: string;
  gender: "m" | "w" | "d";
}
