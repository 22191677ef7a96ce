import { List, Text, Title } from "@mantine/core";
import { Fragment } from "react";

type Block = { kind: "heading"; text: string } | { kind: "list"; items: string[] } | { kind: "paragraph"; lines: string[] };

/**
 * The content's Markdown-ish text to blocks: "## " subheadings, "- " list items, other lines
 * paragraphs (a blank line ends one). Text only: React escapes it, nothing is read as HTML.
 */
function parseContent(body: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (/^#{1,6}\s+/.test(line)) {
      flush();
      blocks.push({ kind: "heading", text: line.replace(/^#{1,6}\s+/, "") });
    } else if (/^[-*]\s+/.test(line)) {
      if (current?.kind !== "list") {
        flush();
        current = { kind: "list", items: [] };
      }
      current.items.push(line.replace(/^[-*]\s+/, ""));
    } else {
      if (current?.kind !== "paragraph") {
        flush();
        current = { kind: "paragraph", lines: [] };
      }
      current.lines.push(line);
    }
  }
  flush();
  return blocks;
}

/** A content page's text as headings, lists and paragraphs (the home pages and the organizer's preview). */
export function ContentBody({ body }: { body: string }) {
  return (
    <>
      {parseContent(body).map((block, i) => {
        if (block.kind === "heading") {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are parsed in order from the page's fixed text and never reorder; two blocks may read the same
            <Title key={`${i}-${block.text}`} order={2} size="h4" mt="sm">
              {block.text}
            </Title>
          );
        }
        if (block.kind === "list") {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are parsed in order from the page's fixed text and never reorder; two blocks may read the same
            <List key={`${i}-${block.items[0]}`} spacing={4}>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items come in order from the page's fixed text and never reorder; two items may read the same
                <List.Item key={`${j}-${item}`}>{item}</List.Item>
              ))}
            </List>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are parsed in order from the page's fixed text and never reorder; two blocks may read the same
          <Text key={`${i}-${block.lines[0]}`}>
            {block.lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines come in order from the page's fixed text and never reorder; two lines may read the same
              <Fragment key={`${j}-${line}`}>
                {j > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </Text>
        );
      })}
    </>
  );
}
