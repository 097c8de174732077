import { and, eq, sql } from 'drizzle-orm';
import { roles } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { reviewAssignments, users } from '../../db/schema';
import { displayNameOf } from '../../engine/change-feed';
import type { Values } from '../../engine/types';
import { notify } from '../notifications';

/** The accounts of a school in a role: its directors, or the reviewers assigned to it. */
async function peopleOf(tx: Db, organizationId: number, role: 'directors' | 'reviewers') {
  const rows =
    role === 'directors'
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.organizationId, organizationId),
              sql`${roles.athleticDirector} = any(${users.roles})`,
            ),
          )
      : await tx
          .select({ id: reviewAssignments.reviewerId })
          .from(reviewAssignments)
          .where(eq(reviewAssignments.organizationId, organizationId));
  return rows.map((row) => row.id);
}

/**
 * Who hears of a step, in its transaction: a submitted design its school's reviewers, a decision
 * (with the reviewer's comment) and a publication the school's directors; never the one who took it.
 */
export async function tellOfStep(tx: Db, step: string, row: Values, actor: SessionUser, comment?: string) {
  const organizationId = row.organizationId as number;
  const title = String(row.title);
  const told = {
    submit: { to: 'reviewers', key: 'reviews.submitted', category: 'reviews', link: '/admin/reviews' },
    approve: { to: 'directors', key: 'reviews.approved', category: 'reviews', link: '/admin/merchandise' },
    requestChanges: {
      to: 'directors',
      key: 'reviews.changesRequested',
      category: 'reviews',
      link: '/admin/merchandise',
    },
    publish: { to: 'directors', key: 'products.published', category: 'products', link: '/admin/merchandise' },
  } as const;
  const what = told[step as keyof typeof told];
  if (!what) return;
  const userIds = (await peopleOf(tx, organizationId, what.to)).filter((id) => id !== actor.id);
  await notify(tx, {
    userIds,
    category: what.category,
    text: { key: what.key, params: { title, by: displayNameOf(actor), comment: comment ?? '' } },
    link: what.link,
  });
}
