/**
 * The import's evaluation worker (see batch-evaluation.ts): evaluates the batches the import
 * sends, in order, and answers each one's outcome. A failure other than a row error (a bug)
 * is answered as such and fails the import.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  evaluateBatch,
  toRowEvaluator,
  type EvaluatorData,
  type WorkerAnswer,
  type WorkerRequest,
} from './batch-evaluation';

const evaluator = toRowEvaluator(workerData as EvaluatorData);

parentPort!.on('message', (request: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    answer = { id: request.id, outcome: evaluateBatch(evaluator, request.rows, request.firstRow) };
  } catch (problem) {
    answer = { id: request.id, failure: problem instanceof Error ? problem.message : String(problem) };
  }
  parentPort!.postMessage(answer);
});
