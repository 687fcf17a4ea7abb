import { browserAdapters } from '../model/browser-registry'
import { replayInChromium } from './helpers/model-replay'

// The machines whose paths only touch what no other spec on the shared server depends on.
for (const browser of browserAdapters) replayInChromium(browser)
