import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { newPasswordField } from '../../contract/account';
import { roles } from '../../contract/roles';
import { hashPassword } from '../auth/passwords';
import { randomToken } from '../auth/tokens';
import { type Config, ConfigError } from '../config';
import type { BlobStore } from '../storage';
import type { Db } from '../db/client';
import { seedBaseApparel } from './apparel';
import {
  brands,
  campaigns,
  emailTemplates,
  orders,
  organizations,
  promoCodes,
  reviewAssignments,
  settings,
  users,
} from '../db/schema';
import { brandSeeds, emailTemplateSeeds, settingSeeds } from '../db/seed-data';
import { seedDemoSales, seedDemoWindows } from './sales';

/** The password of every demo account (SEED_DEMO=1); documented in the README. */
const demoPassword = 'Demo-Passw0rd!';

export async function seedDatabase(db: Db, config: Config, log: FastifyBaseLogger, storage?: BlobStore) {
  await seedReferenceData(db, storage);
  await ensureFirstAdmin(db, config, log);
  if (config.seedDemo) await seedDemoData(db, log, storage);
}

/** Reference data every installation needs; base apparel images need the blob store. */
export async function seedReferenceData(db: Db, storage?: BlobStore) {
  await db
    .insert(emailTemplates)
    .values([...emailTemplateSeeds])
    .onConflictDoNothing();
  await db
    .insert(brands)
    .values(brandSeeds.map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing();
  if (storage) await seedBaseApparel(db, storage);
}

const securityStamp = () => randomToken(16);

export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing.n > 0) {
    if (config.adminEmail || config.adminPassword) {
      log.warn(
        'ADMIN_EMAIL / ADMIN_PASSWORD ignored: the database already has users (they only create the first Admin)',
      );
    }
    return;
  }
  const email = config.adminEmail ?? 'admin@spirit.local';
  let password = config.adminPassword;
  if (password) {
    const check = newPasswordField('ADMIN_PASSWORD').safeParse(password);
    if (!check.success) {
      throw new ConfigError(`ADMIN_PASSWORD: ${check.error.issues.map((issue) => issue.message).join('; ')}`);
    }
  } else {
    // 16 random bytes, plus one character of each class the password rule asks for.
    password = `${randomToken(16)}aA1!`;
  }
  await db.insert(users).values({
    email,
    normalizedEmail: email.toLowerCase(),
    username: email,
    firstName: 'Portal',
    lastName: 'Admin',
    roles: [roles.admin],
    passwordHash: await hashPassword(password),
    securityStamp: securityStamp(),
    emailConfirmed: true,
  });
  if (config.adminPassword) {
    log.info({ email }, 'Created the first admin account from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    announceGeneratedPassword(config, email, password, log);
  }
}

/**
 * Logs are shipped, kept and read by many: a password does not belong in them. It goes to
 * the terminal (stderr) once and, with the embedded database, to an owner-only file in
 * DATA_DIR beside the data it opens, for a server started in the background; the operator
 * deletes it after signing in. On PostgreSQL, DATA_DIR is one server's scratch space, not
 * where the data lives, so the password is on stderr only (or set ADMIN_PASSWORD).
 */
function announceGeneratedPassword(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  email: string,
  password: string,
  log: FastifyBaseLogger,
) {
  const text = `First Admin of Spirit Portal\nEmail: ${email}\nPassword: ${password}\n`;
  if (config.databaseUrl) {
    process.stderr.write(`\n${text}(printed only here; change it after signing in)\n\n`);
    log.warn(
      { email },
      `Created the first admin account ${email} with a generated password, printed on stderr only`,
    );
    return;
  }
  const file = path.join(config.dataDir, 'initial-admin-password');
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  process.stderr.write(`\n${text}(also in ${file}; change it after signing in, then delete the file)\n\n`);
  log.warn(
    { email, passwordFile: file },
    `Created the first admin account ${email} with a generated password, written to ${file} (readable by this user only) and printed on stderr`,
  );
}

export const demoOrganizations = [
  { name: 'Lincoln High School', spiritShopAddress: 'https://shop.example/lincoln-high' },
  { name: 'Riverside Rowing Club', spiritShopAddress: null },
  { name: 'Westfield Middle School', spiritShopAddress: null },
];

const demoDirectorEmail = 'director@lincoln-high.example';

export async function seedDemoData(db: Db, log: FastifyBaseLogger, storage?: BlobStore) {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if (existing.n > 0) return;
  const orgs = await db.insert(organizations).values(demoOrganizations).returning();
  const passwordHash = await hashPassword(demoPassword);
  const person = (
    email: string,
    firstName: string,
    lastName: string,
    organizationId: number | null,
    role: string,
  ) => ({
    email,
    normalizedEmail: email,
    username: email,
    firstName,
    lastName,
    organizationId,
    roles: [role],
    passwordHash,
    securityStamp: securityStamp(),
    emailConfirmed: true,
  });
  const people = await db
    .insert(users)
    .values([
      person(demoDirectorEmail, 'Dana', 'Director', orgs[0].id, roles.athleticDirector),
      person('coach@riverside.example', 'Riley', 'Rowe', orgs[1].id, roles.athleticDirector),
      person('ops@spirit.example', 'Olive', 'Operator', null, roles.admin),
      {
        ...person('new.director@westfield.example', 'Wes', 'Field', orgs[2].id, roles.athleticDirector),
        passwordHash: null,
        emailConfirmed: false,
      },
      // Licensing representatives: each reviews one school's designs.
      person('reviewer@district.example', 'Rae', 'Reviewer', null, roles.reviewer),
      person('licensing@riverside.example', 'Lou', 'Licensing', null, roles.reviewer),
    ])
    .returning({ id: users.id, email: users.email });
  const idOf = (email: string) => people.find((user) => user.email === email)!.id;
  await db.insert(reviewAssignments).values([
    { reviewerId: idOf('reviewer@district.example'), organizationId: orgs[0].id },
    { reviewerId: idOf('licensing@riverside.example'), organizationId: orgs[1].id },
  ]);
  await db
    .insert(settings)
    .values([...settingSeeds])
    .onConflictDoNothing();
  await db
    .insert(promoCodes)
    .values([
      {
        code: 'SPIRIT10',
        name: 'SPIRIT WEEK',
        organization: 'LINCOLN HIGH SCHOOL',
        state: 'OH',
        isActive: true,
        description: '10% off spirit week',
      },
      {
        code: 'ROW2026',
        name: 'REGATTA',
        organization: 'RIVERSIDE ROWING CLUB',
        state: 'WA',
        isActive: false,
        description: 'Regatta season',
      },
    ])
    .onConflictDoNothing();
  const day = 86_400_000;
  // Lincoln's store window is open now; Riverside's opens in five days.
  await db.insert(campaigns).values([
    {
      name: 'Spirit Week Store',
      organizationId: orgs[0].id,
      opensAt: new Date(Date.now() - 2 * day),
      closesAt: new Date(Date.now() + 10 * day),
      state: 'open',
    },
    {
      name: 'Regatta Store',
      organizationId: orgs[1].id,
      opensAt: new Date(Date.now() + 5 * day),
      closesAt: new Date(Date.now() + 19 * day),
      state: 'scheduled',
    },
  ]);
  const statuses = ['Paid', 'Shipped', 'Refunded'];
  const now = new Date();
  // A week apart and a school two days after the other, within the storefront's 90 days: the
  // dashboard's sales chart shows months of orders, not one spike on the day of the seed.
  const placed = (orgIndex: number, i: number) =>
    new Date(now.getTime() - (3 + i * 7 + orgIndex * 2) * 86_400_000);
  await db.insert(orders).values(
    orgs.flatMap((org, orgIndex) =>
      Array.from({ length: 12 }, (_, i) => ({
        organizationId: org.id,
        collectionId: `C-${org.id}-${(i % 3) + 1}`,
        orderNumber: `SO-${1000 + orgIndex * 100 + i}`,
        customerName: `Customer ${i + 1}`,
        customerEmail: `customer${i + 1}@example.com`,
        total: i === 11 ? -25 : 19.99 * (i + 1),
        status: statuses[i % statuses.length],
        createdAt: placed(orgIndex, i),
      })),
    ),
  );
  await seedDemoSales(db, orgs, now, storage);
  await seedDemoWindows(db, orgs);
  const [director] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.normalizedEmail, demoDirectorEmail));
  log.info({ directorId: director?.id }, `Loaded demo data; demo accounts use the password ${demoPassword}`);
}
