/**
 * How the e2e files on Postgres split into the test command's two streams (`jest --shard=1/2` and `--shard=2/2`, each
 * on its own database; scripts/test.sh). Jest's own split hashes paths, which put the longest files together; this one
 * deals the files out longest first, each to the stream with the least work so far, by the seconds each file took in a
 * measured run (`e2e-weights.json`; a file not listed counts as a median one). Re-measure when the streams drift apart:
 * the test command prints each stream's time.
 */
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const weights = require('./e2e-weights.json');

const root = path.resolve(__dirname, '../..');
const known = Object.values(weights).sort((a, b) => a - b);
const MEDIAN = known[Math.floor(known.length / 2)] ?? 1;

class E2eSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const weightOf = (test) => weights[path.relative(root, test.path).split(path.sep).join('/')] ?? MEDIAN;
    const ordered = [...tests].sort((a, b) => weightOf(b) - weightOf(a) || a.path.localeCompare(b.path));
    const loads = new Array(shardCount).fill(0);
    const mine = [];
    for (const test of ordered) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += weightOf(test);
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }
}

module.exports = E2eSequencer;
