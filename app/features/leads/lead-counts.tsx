import { Stack, Table, Text } from "@mantine/core";
import type { LeadCount } from "~/contracts/leads/api-types";

/** Counts per member or per day: a small two-column table. */
export function LeadCounts({ title, counts, testId }: { title: string; counts: LeadCount[]; testId: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={500}>{title}</Text>
      <Table withTableBorder maw={360}>
        <Table.Tbody>
          {counts.map((count) => (
            <Table.Tr key={count.key} data-testid={`${testId}-row`}>
              <Table.Td>{count.label}</Table.Td>
              <Table.Td ta="right">{count.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
