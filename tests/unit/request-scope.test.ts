import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { pageReadMemo, requestScope } from "../../server/request-scope";

/** Runs `work` inside the scope of a request with this method, as the server's middleware would. */
function inRequest<T>(method: string, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const next: NextFunction = () => void work().then(resolve, reject);
    requestScope({ exposeHeader: false })({ method } as Request, {} as Response, next);
  });
}

/** How many times the lookup ran when it was asked for three times (as three in-process API calls would). */
async function lookupsFor(ask: (lookup: () => Promise<number>) => Promise<unknown>) {
  let runs = 0;
  const lookup = async () => ++runs;
  await ask(lookup);
  return runs;
}

describe("pageReadMemo (server/request-scope.ts)", () => {
  it("looks up once per key in a page read (GET, HEAD), and shares the answer", async () => {
    for (const method of ["GET", "HEAD"]) {
      const runs = await lookupsFor((lookup) =>
        inRequest(method, async () => {
          const answers = await Promise.all([pageReadMemo("caller:a", lookup), pageReadMemo("caller:a", lookup)]);
          expect(answers).toEqual([1, 1]);
          expect(await pageReadMemo("caller:a", lookup)).toBe(1);
        }),
      );
      expect(runs, method).toBe(1);
    }
  });

  it("keeps different keys apart", async () => {
    const runs = await lookupsFor((lookup) => inRequest("GET", async () => [await pageReadMemo("caller:a", lookup), await pageReadMemo("caller:b", lookup)]));
    expect(runs).toBe(2);
  });

  it("looks up every time in a page post, whose action may switch the booth or sign out", async () => {
    const runs = await lookupsFor((lookup) =>
      inRequest("POST", async () => {
        for (let i = 0; i < 3; i++) await pageReadMemo("caller:a", lookup);
      }),
    );
    expect(runs).toBe(3);
  });

  it("shares nothing between two page reads, nor outside a request", async () => {
    const runs = await lookupsFor(async (lookup) => {
      await inRequest("GET", () => pageReadMemo("caller:a", lookup));
      await inRequest("GET", () => pageReadMemo("caller:a", lookup));
      await pageReadMemo("caller:a", lookup);
    });
    expect(runs).toBe(3);
  });
});
