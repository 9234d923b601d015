/**
 * The back office's roles and what each may do: the one home of the role matrix (issue 32). Every
 * staff action a route offers is named here; a role not listed for it gets 403 and changes nothing.
 * Each role sees and does only its own work: admin looks after the staff and reads the audit log,
 * it is no super user over orders, customers or the cooperative.
 */
export const STAFF_ROLES = ["fulfilment", "support", "cooperative", "admin", "range", "marketing", "stores"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ACTIONS = {
  // fulfilment: the orders of her store, or the warehouse's deliveries
  "orders.read": ["fulfilment"],
  "orders.pick": ["fulfilment"],
  "orders.short": ["fulfilment"],
  "orders.ready": ["fulfilment"],
  "orders.collected": ["fulfilment"],
  "orders.ship": ["fulfilment"],
  "orders.deliver": ["fulfilment"],
  "orders.cancel": ["fulfilment", "support"],
  // support: customers, and the refunds their withdrawals are owed
  "customers.read": ["support"],
  "customers.block": ["support"],
  "customers.unblock": ["support"],
  "customers.resendActivation": ["support"],
  "customers.endSessions": ["support"],
  "customers.credit": ["support"],
  "customers.export": ["support"],
  "customers.erase": ["support"],
  "withdrawals.read": ["support"],
  "withdrawals.refund": ["support"],
  // cooperative: declarations and shares given notice
  "cooperative.read": ["cooperative"],
  "cooperative.admit": ["cooperative"],
  "cooperative.refuse": ["cooperative"],
  "cooperative.payout": ["cooperative"],
  // range (issue 33): products, prices, stock, photos, the range's import and export
  "range.read": ["range"],
  "range.price": ["range"],
  "range.stock": ["range"],
  "range.details": ["range"],
  "range.publish": ["range"],
  "range.photos": ["range"],
  "range.import": ["range"],
  "range.export": ["range"],

  // marketing (issue 33): vouchers and gift rules
  "marketing.read": ["marketing"],
  "marketing.createVoucher": ["marketing"],
  "marketing.toggleVoucher": ["marketing"],
  "marketing.changeGifts": ["marketing"],

  // stores (issue 33): opening hours, closed days, click & collect and its pickup places
  "stores.read": ["stores"],
  "stores.hours": ["stores"],
  "stores.closedDays": ["stores"],
  "stores.pickup": ["stores"],

  // admin: the staff and the audit log
  "staff.list": ["admin"],
  "staff.add": ["admin"],
  "staff.change": ["admin"],
  "audit.read": ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

export function mayTake(role: StaffRole, action: StaffAction): boolean {
  // an action that is none (a prototype's key from a form) is nobody's
  return Object.hasOwn(STAFF_ACTIONS, action) && (STAFF_ACTIONS[action] as readonly StaffRole[]).includes(role);
}

/** A member of staff as the back office knows her. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** A fulfilment member's store (click & collect); null: the warehouse, or not fulfilment. */
  storeId: string | null;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}
