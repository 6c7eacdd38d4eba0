// `npm run temporal:install`: makes sure the Temporal CLI exists (building it with Go when missing) and says
// where it is, so the embedded `npm start` and the workflow tests can run on this machine.
import { loadConfig } from '../../api/config';
import { findTemporalCli, installTemporalCli, TEMPORAL_CLI_MODULE, TEMPORAL_CLI_VERSION } from './cli';

async function main(): Promise<void> {
  const config = loadConfig();
  const found = findTemporalCli(config);
  if (found) {
    console.log(`Temporal CLI found: ${found}`);
    return;
  }
  console.log(
    `Temporal CLI not found; building ${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION} with go install...`,
  );
  const built = await installTemporalCli();
  console.log(`Temporal CLI installed: ${built}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
