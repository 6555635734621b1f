import { AccountsService } from './accounts.js';
import { AdminService } from './admin.js';
import { BillingService } from './billing.js';
import { CollaboratorsService } from './collaborators.js';
import type { Deps } from './context.js';
import { PlansService } from './plans.js';
import { SitesService } from './sites.js';
import { UsersService } from './users.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(deps: Deps) {
  return {
    accounts: new AccountsService(deps),
    users: new UsersService(deps),
    plans: new PlansService(deps),
    billing: new BillingService(deps),
    sites: new SitesService(deps),
    collaborators: new CollaboratorsService(deps),
    admin: new AdminService(deps),
  };
}
