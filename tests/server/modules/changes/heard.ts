import { vi } from 'vitest';
import type { Db } from '../../../../server/db/client';
import type { ChangeNotice } from '../../../../server/db/announce';
import { ChangeFeed } from '../../../../server/modules/changes/feed';

/**
 * Listens to the change channel as every server's stream does: `notices` fills as changes
 * commit; `waitFor` waits (bounded) until one matches.
 */
export async function hearChanges(db: Db) {
  const feed = new ChangeFeed(db);
  await feed.ready();
  const notices: ChangeNotice[] = [];
  feed.subscribe({ change: (event) => notices.push(event.notice), reset() {} });
  return {
    notices,
    waitFor: (match: Partial<ChangeNotice>) =>
      vi.waitFor(
        () => {
          const found = notices.find((notice) =>
            Object.entries(match).every(([key, value]) => notice[key as keyof ChangeNotice] === value),
          );
          if (!found)
            throw new Error(`no change like ${JSON.stringify(match)} in ${JSON.stringify(notices)}`);
          return found;
        },
        { timeout: 5_000, interval: 20 },
      ),
    close: () => feed.close(),
  };
}
