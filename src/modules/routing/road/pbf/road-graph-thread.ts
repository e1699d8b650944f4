/**
 * Reads an OpenStreetMap PBF extract into a RoadGraph on a worker thread. Reading a country's file takes seconds to
 * a minute of steady computation (bench:roads: 3–7 s for 5 million road nodes); on the main thread that would hold the
 * process's event loop the whole time: the API answering nothing, a worker's queue locks and heartbeats not renewed
 * (a render taken for stalled and handed to another worker). The thread builds the graph's typed arrays and posts
 * them back transferred, not copied, so the hand-over costs nothing whatever the size.
 *
 * This file is also the thread's entry point: loaded with its `workerData`, it reads the file and posts the graph.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadPbfRoadGraph, RoadGraph, RoadGraphParts } from './road-graph';

/** What the thread is handed: the file to read (the key marks this file's own threads). */
interface ThreadInput {
  roadNetworkPbf: string;
}

type ThreadAnswer = { parts: RoadGraphParts } | { error: string };

/** Reads `path` on a thread of its own; rejects with the reader's error (a missing file, a malformed extract). */
export function loadPbfRoadGraphOffThread(path: string): Promise<RoadGraph> {
  return new Promise((resolve, reject) => {
    // Run from TypeScript (tests, ts-node), the thread needs the same compiler hook; built, it runs the .js beside.
    const typescript = __filename.endsWith('.ts');
    const thread = new Worker(__filename, {
      workerData: { roadNetworkPbf: path } satisfies ThreadInput,
      execArgv: typescript ? ['-r', 'ts-node/register/transpile-only'] : [],
    });
    let answered = false;
    thread.once('message', (answer: ThreadAnswer) => {
      answered = true;
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(RoadGraph.fromParts(answer.parts));
    });
    thread.once('error', (error) => {
      answered = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!answered) reject(new Error(`the road network thread exited (code ${code}) without a graph`));
    });
  });
}

/** Every distinct buffer under the graph's arrays: moved to the receiving thread rather than copied. */
function buffersOf(parts: RoadGraphParts): ArrayBuffer[] {
  const arrays = [
    parts.lat7,
    parts.lon7,
    parts.vertexNode,
    parts.shapeStart,
    parts.shape,
    parts.chainFrom,
    parts.chainTo,
    parts.chainDirection,
    parts.chainKm,
    parts.chainSeconds.car,
    parts.chainSeconds.truck,
    parts.edgeStart,
    parts.edgeTarget,
    parts.edgeChain,
    parts.grid.cellStart,
    parts.grid.segments,
  ];
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}

const input = workerData as Partial<ThreadInput> | null;
if (!isMainThread && parentPort && typeof input?.roadNetworkPbf === 'string') {
  let answer: ThreadAnswer;
  try {
    answer = { parts: loadPbfRoadGraph(input.roadNetworkPbf).parts() };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort.postMessage(answer, 'parts' in answer ? buffersOf(answer.parts) : []);
}
