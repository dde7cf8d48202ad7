// Every route of a real `ledgermind serve` through the generated client.
// LEDGERMIND_URL and LEDGERMIND_KEY name the server and an API key
// (tests/surface/test_typescript_client.py starts both and runs `npm test`).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";

import { LedgermindError, createLedgermindClient, unwrap } from "../dist/index.js";

const url = process.env.LEDGERMIND_URL;
const key = process.env.LEDGERMIND_KEY;
if (!url || !key) throw new Error("set LEDGERMIND_URL and LEDGERMIND_KEY");

const api = createLedgermindClient(url, key);
const user = `ts-${randomUUID().slice(0, 8)}`;
const path = (extra = {}) => ({ params: { path: { user, ...extra } } });

test("probes", async () => {
  assert.equal(unwrap(await api.GET("/healthz")).status, "ok");
  assert.equal(unwrap(await api.GET("/readyz")).status, "ready");
});

test("conversation, tasks and agents", async () => {
  const { session_id: sid } = unwrap(await api.POST("/v1/users/{user}/sessions", { ...path(), body: { agent_id: "agent-ts" } }));
  const one = unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/messages", {
    ...path({ sid }), body: { role: "user", content: "I moved to Lyon" },
  }));
  assert.deepEqual(one.seqs, [1]);
  const batch = unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/messages", {
    ...path({ sid }), body: { messages: [{ role: "assistant", content: "Noted." }, { role: "user", content: "ok" }] },
  }));
  assert.deepEqual(batch.seqs, [2, 3]);
  const page = unwrap(await api.GET("/v1/users/{user}/sessions/{sid}/messages", {
    params: { path: { user, sid }, query: { after: 1, limit: 1 } },
  }));
  assert.deepEqual(page.messages.map((m) => m.seq), [2]);

  const { task_id: tid } = unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/tasks", { ...path({ sid }), body: { input: "book" } }));
  unwrap(await api.POST("/v1/users/{user}/tasks/{tid}/complete", { ...path({ tid }), body: { output: "booked" } }));
  const { task_id: other } = unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/tasks", { ...path({ sid }), body: { input: "pay" } }));
  unwrap(await api.POST("/v1/users/{user}/tasks/{tid}/fail", { ...path({ tid: other }), body: { error: "declined" } }));

  unwrap(await api.PUT("/v1/users/{user}/agents/{agent}/checkpoint", { ...path({ agent: "agent-ts" }), body: { state: { step: 2 } } }));
  const { incarnation } = unwrap(await api.POST("/v1/users/{user}/agents/{agent}/claim", path({ agent: "agent-ts" })));
  assert.equal(incarnation, 1);
  unwrap(await api.PUT("/v1/users/{user}/agents/{agent}/heartbeat", {
    params: { path: { user, agent: "agent-ts" }, header: { "Ledgermind-Incarnation": incarnation } },
  }));
  const restored = unwrap(await api.GET("/v1/users/{user}/agents/{agent}/restore", path({ agent: "agent-ts" })));
  assert.equal(restored.session_id, sid);

  const lineage = unwrap(await api.GET("/v1/users/{user}/sessions/{sid}/messages/{seq}/lineage", path({ sid, seq: 1 })));
  assert.deepEqual(lineage.message, { session_id: sid, seq: 1 });
  unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/messages/{seq}/retract", { ...path({ sid, seq: 1 }), body: { reason: "mistake" } }));
  unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/messages/{seq}/unretract", { ...path({ sid, seq: 1 }), body: { reason: "right" } }));
  unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/close", path({ sid })));
  await assert.rejects(
    async () => unwrap(await api.POST("/v1/users/{user}/sessions/{sid}/messages", { ...path({ sid }), body: { role: "user", content: "late" } })),
    (e) => e instanceof LedgermindError && e.status === 409 && e.type === "SessionClosed",
  );
});

test("beliefs, retrieval, the feed and erasure", async () => {
  const { memory_id: mid } = unwrap(await api.POST("/v1/users/{user}/memories", { ...path(), body: { statement: "Ana is allergic to peanuts" } }));
  const held = unwrap(await api.GET("/v1/users/{user}/beliefs", path()));
  assert.ok(held.beliefs.some((b) => b.memory_id === mid));
  const hits = unwrap(await api.POST("/v1/users/{user}/search", { ...path(), body: { query: "allergic to peanuts", k: 3 } }));
  assert.equal(hits.results[0].id, mid);
  const block = unwrap(await api.POST("/v1/users/{user}/context", { ...path(), body: { query: "what is Ana allergic to?" } }));
  assert.match(block.context, /peanuts/);
  unwrap(await api.PATCH("/v1/users/{user}/memories/{memory_id}", { ...path({ memory_id: mid }), body: { statement: "Ana is allergic to cashews" } }));
  assert.ok(unwrap(await api.GET("/v1/users/{user}/memories/{memory_id}/history", path({ memory_id: mid }))).versions.length >= 2);
  assert.equal(unwrap(await api.GET("/v1/users/{user}/memories/{memory_id}/lineage", path({ memory_id: mid }))).memory_id, mid);
  unwrap(await api.DELETE("/v1/users/{user}/memories/{memory_id}", path({ memory_id: mid })));

  const stop = new AbortController();
  const feed = await api.GET("/v1/users/{user}/events", { ...path(), parseAs: "stream", signal: stop.signal });
  assert.equal(feed.response.status, 200);
  const reader = feed.data.getReader();
  let text = "";
  while (!text.includes("event: ")) text += new TextDecoder().decode((await reader.read()).value);
  stop.abort();
  assert.match(text, /event: session\.created/);

  await assert.rejects(
    async () => unwrap(await api.PATCH("/v1/users/{user}/memories/{memory_id}", { ...path({ memory_id: randomUUID().replaceAll("-", "") }), body: { statement: "x" } })),
    (e) => e instanceof LedgermindError && e.status === 404 && e.type === "MemoryNotFound",
  );
  const erased = unwrap(await api.DELETE("/v1/users/{user}", { params: { path: { user }, query: { confirm: "erase" } } }));
  assert.equal(erased.user_id, user);
});

test("a wrong key is a typed 401", async () => {
  const stranger = createLedgermindClient(url, "mlk_0000000000000000_" + "x".repeat(43));
  await assert.rejects(
    async () => unwrap(await stranger.GET("/v1/users/{user}/beliefs", path())),
    (e) => e instanceof LedgermindError && e.status === 401 && e.type === "AuthenticationFailed",
  );
});
