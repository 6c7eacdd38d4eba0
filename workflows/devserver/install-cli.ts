// `npm run temporal:install`: makes sure the Temporal CLI exists (building it with Go, or where Go is missing
// downloading it through the SDK, when it is nowhere) and says where it is, so the embedded `npm start` and the
// workflow tests can run on this machine.
// It reads its one setting, TEMPORAL_CLI_PATH, straight from the environment: an installer has no use for the
// rest of the product's configuration, nor for the API layer that validates it.
import { findTemporalCli, installTemporalCli, TEMPORAL_CLI_MODULE, TEMPORAL_CLI_VERSION } from './cli';

async function main(): Promise<void> {
  const found = findTemporalCli({ TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH });
  if (found) {
    console.log(`Temporal CLI found: ${found}`);
    return;
  }
  console.log(
    `Temporal CLI not found; getting ${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION} ` +
      '(go install where Go is, else the @temporalio/testing download)...',
  );
  const installed = await installTemporalCli();
  console.log(`Temporal CLI installed: ${installed}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
