// V8 settings of every process that serves the API, applied before anything else is loaded: api/main.ts (and
// the benchmarks' API processes) import this module first.
//
// No allocation-site pretenuring. V8 notes where objects are allocated, and when most objects of one allocation
// site survive a young-generation collection, it allocates that site's later objects directly in the old
// generation. An ERP push keeps thousands of documents alive while it stores them, so V8 learnt that of the sites
// every request shares, and from then on the short-lived objects of every small call went to the old
// generation: after a push of 100,000 lines, the tab counts' young collections took 3–5 ms instead of 0.5, a full
// collection ran every 2 s, throughput fell from 11,600 to 8,200 calls/s and p99 rose from 2.2 to 4.8–6.2 ms
// (test/bench/sap-orders.ts, --trace-gc). Without it, the same run kept p99 at 2.2 ms and the push itself took
// 6.7 s instead of 8.6.
import v8 from 'node:v8';

export const V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
