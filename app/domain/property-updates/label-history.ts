/** The label changes in a property's updates: each label with the moment it took effect, newest first. */
export function labelHistory<T extends { statusLabel: string; publishedAt: Date }>(updatesNewestFirst: readonly T[]) {
  const history: { statusLabel: string; since: Date }[] = [];
  for (const update of [...updatesNewestFirst].reverse()) {
    if (history.at(-1)?.statusLabel !== update.statusLabel) history.push({ statusLabel: update.statusLabel, since: update.publishedAt });
  }
  return history.reverse();
}
