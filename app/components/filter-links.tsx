import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

export type FilterOption<V extends string | number> = { value: V; label: string; testId: string };

/**
 * One filter of a list as plain links (JS off they are the filter), the chosen one bold and
 * `aria-current`. `all` is the choice that lifts the filter (left out when every choice is a value).
 */
export function FilterLinks<V extends string | number>({
  label,
  showLabel = false,
  testId,
  options,
  all,
  current,
  link,
}: {
  label: string;
  showLabel?: boolean;
  testId: string;
  options: FilterOption<V>[];
  all?: { label: string; testId: string };
  current: V | null;
  link: (value: V | null) => string;
}) {
  return (
    <Group gap="md" role="navigation" aria-label={label} data-testid={testId}>
      {showLabel ? (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      ) : null}
      {all ? (
        <FilterLink to={link(null)} current={current === null} testId={all.testId}>
          {all.label}
        </FilterLink>
      ) : null}
      {options.map((option) => (
        <FilterLink key={option.value} to={link(option.value)} current={current === option.value} testId={option.testId}>
          {option.label}
        </FilterLink>
      ))}
    </Group>
  );
}

function FilterLink({ to, current, children, testId }: { to: string; current: boolean; children: React.ReactNode; testId: string }) {
  return (
    <Anchor component={Link} to={to} fw={current ? 700 : undefined} aria-current={current ? "page" : undefined} data-testid={testId}>
      {children}
    </Anchor>
  );
}
