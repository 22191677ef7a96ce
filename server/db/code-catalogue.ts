import { sql } from "kysely";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Database, Db } from "./database";

/**
 * A catalogue the organizer keeps per exhibition, each row named by a code unique in it: the on-site
 * services (server/orders/catalogue-settings.ts) and the overseas agents
 * (server/vehicles/overseas-agents-settings.ts). Both are listed a page at a time in catalogue order,
 * saved under the exhibition's row lock so that two saves of one code cannot both pass, and removed
 * only while nothing refers to them (a row in use is withdrawn or hidden instead).
 */
type CatalogueTable = "services" | "overseas_agents";

type CodeCatalogue<Row extends { id: number }, Setting> = {
  table: CatalogueTable;
  settingOf: (row: Row, inUse: boolean) => Setting;
  /** Which of these rows something refers to. */
  inUse: (db: Db, ids: number[]) => Promise<Set<number>>;
  /** The text key of the refusal to remove a row in use. */
  inUseMessage: string;
  /** Columns a new row gets beside the saved ones. */
  created?: Record<string, unknown>;
};

const rowNotFound = () => notFound("catalogueSettings.errors.notFound");

export function codeCatalogue<Row extends { id: number }, Setting>(catalogue: CodeCatalogue<Row, Setting>) {
  // One table's typing for both: the statements below use only the columns every catalogue has (id, exhibition_id, code, sort).
  const table = catalogue.table as "services";
  const ordered = (db: Db, exhibitionId: number) => db.selectFrom(table).selectAll().where("exhibition_id", "=", exhibitionId).orderBy("sort").orderBy("id");
  const settingsOf = async (db: Db, rows: Row[]) => {
    const inUse = await catalogue.inUse(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => catalogue.settingOf(row, inUse.has(row.id)));
  };

  return {
    /** One page of the exhibition's rows, hidden or withdrawn ones included, and how many there are. */
    async page(db: Database, exhibitionId: number, page: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        ordered(db, exhibitionId)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db.selectFrom(table).select(sql<string>`count(*)`.as("n")).where("exhibition_id", "=", exhibitionId).executeTakeFirstOrThrow(),
      ]);
      return { list: await settingsOf(db, rows as unknown as Row[]), total: Number(count.n), page, pageSize };
    },

    /** Every row of the exhibition (the CLI's list). */
    async all(db: Database, exhibitionId: number) {
      return settingsOf(db, (await ordered(db, exhibitionId).execute()) as unknown as Row[]);
    },

    /** A row of the exhibition by its code, or undefined (the CLI names rows by code). */
    async byCode(db: Database, exhibitionId: number, code: string) {
      const row = await db.selectFrom(table).selectAll().where("exhibition_id", "=", exhibitionId).where("code", "=", code).executeTakeFirst();
      return row ? (await settingsOf(db, [row as unknown as Row]))[0] : undefined;
    },

    /** Creates (no id) or changes a row, in one transaction; a code another row has is refused at its field. */
    async save(db: Database, exhibitionId: number, input: { id?: number; code: string }, values: Record<string, unknown>) {
      const id = await db.transaction().execute(async (trx) => {
        await trx.selectFrom("exhibitions").select("id").where("id", "=", exhibitionId).forUpdate().execute();
        const taken = await trx.selectFrom(table).select("id").where("exhibition_id", "=", exhibitionId).where("code", "=", input.code).executeTakeFirst();
        if (taken && taken.id !== input.id) throw fieldError("catalogueSettings.errors.codeTaken", "code");
        if (input.id === undefined) {
          const created = await trx
            .insertInto(table)
            .values({ exhibition_id: exhibitionId, ...catalogue.created, ...values } as never)
            .returning("id")
            .executeTakeFirstOrThrow();
          return created.id;
        }
        const updated = await trx
          .updateTable(table)
          .set(values as never)
          .where("id", "=", input.id)
          .where("exhibition_id", "=", exhibitionId)
          .executeTakeFirst();
        if (!Number(updated.numUpdatedRows)) throw rowNotFound();
        return input.id;
      });
      const row = await db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return (await settingsOf(db, [row as unknown as Row]))[0]!;
    },

    /** Removes a row nothing refers to; otherwise refused (409). */
    async remove(db: Database, exhibitionId: number, id: number) {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom(table).select("id").where("id", "=", id).where("exhibition_id", "=", exhibitionId).forUpdate().executeTakeFirst();
        if (!row) throw rowNotFound();
        // Under the row lock: a reference being stored meanwhile (its foreign key waits for the lock) is seen or fails.
        if ((await catalogue.inUse(trx, [id])).size) throw new ApiError(ApiCode.conflict, catalogue.inUseMessage);
        await trx.deleteFrom(table).where("id", "=", id).execute();
      });
    },
  };
}
