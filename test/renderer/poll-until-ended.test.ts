// The import dialog's progress questions (renderer/src/api/poll-until-ended.ts): a dialog that
// went away must not receive the outcome. It once did when the job ended during the pause after
// the dialog closed: the gone dialog took the preview as shown and forgot the job, and coming back
// to the calendar showed plain Import instead of the preview (seen in CI, 1 run in 3 under load).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pollUntilEnded } from '../../renderer/src/api/poll-until-ended.ts';

/** A job that answers `answers` in turn, and the questions it was asked. */
function scripted(answers: string[]) {
  let asked = 0;
  return {
    ask: async () => answers[Math.min(asked++, answers.length - 1)]!,
    asked: () => asked,
  };
}
const ended = (status: string) => status !== 'running';

test('asks until the job ends and answers how it ended', async () => {
  const job = scripted(['running', 'running', 'done']);
  assert.equal(await pollUntilEnded(job.ask, ended, () => true, 1), 'done');
  assert.equal(job.asked(), 3);
});

test('the screen goes away during the pause and the job ends meanwhile: no outcome is handed over', async () => {
  const job = scripted(['running', 'done']);
  let wanted = true;
  const waiting = pollUntilEnded(job.ask, ended, () => wanted, 20);
  await new Promise((resolve) => setTimeout(resolve, 5)); // in the pause after "running"
  wanted = false;
  assert.equal(await waiting, undefined, 'the ended job is left for the screen opened next');
});

test('the screen goes away while an answer is on its way: that answer is not handed over either', async () => {
  let wanted = true;
  const ask = async () => {
    wanted = false; // the dialog closes while the request is out
    return 'done';
  };
  assert.equal(await pollUntilEnded(ask, ended, () => wanted, 1), undefined);
});

test('a screen still there gets an outcome that is ready at the first answer', async () => {
  const job = scripted(['cancelled']);
  assert.equal(await pollUntilEnded(job.ask, ended, () => true, 1_000), 'cancelled');
  assert.equal(job.asked(), 1);
});
