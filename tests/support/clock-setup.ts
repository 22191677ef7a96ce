// Every test file starts with business time at TEST_NOW (server/clock.ts), whatever the machine's date.
import { resetTestClock } from "./test-clock";

resetTestClock();
