// The map step of the address form with its calls: the map settings, the provider's script, the map on
// the page and the name of the point under the pin.
import { fromCallback, fromPromise } from 'xstate';
import {
  mapPickerMachine,
  type MapPickerEvent,
  type ShowMapInput,
} from '../../machines/address/map-picker.machine';
import { addressApi } from '../../services/api/address';
import { loadMapApi } from '../../services/map';

export const mapPickerFlow = mapPickerMachine.provide({
  actors: {
    // The form works without a map: no toast when the settings cannot be read.
    loadConfig: fromPromise(() => addressApi.mapConfig({}, { toast: false })),
    loadMap: fromPromise(({ input }) => loadMapApi(input.config)),
    nameCenter: fromPromise(
      async ({ input }) => (await addressApi.reverseGeocode({ gps: input.gps }, { toast: false })).place,
    ),
    showMap: fromCallback<MapPickerEvent, ShowMapInput>(({ input, sendBack }) => {
      try {
        const view = input.api.create(input.container, {
          center: input.center,
          onMoved: (center) => sendBack({ type: 'map.moved', center }),
          onFailed: () => sendBack({ type: 'map.failed' }),
        });
        return () => view.destroy();
      } catch {
        // A provider script that loads but cannot draw (a refused key) fails the same way as a failed load.
        sendBack({ type: 'map.failed' });
        return undefined;
      }
    }),
  },
});
