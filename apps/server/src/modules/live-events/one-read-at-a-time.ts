/**
 * The wake-up handler of an event stream (docs/decisions/0022, 0026): runs `read` (which sends what is new), one
 * read at a time; a wake-up during a read asks for one more after it, so bursts of notifications cost at most two
 * reads and none is missed. A failed read is dropped: the next wake-up (or reconnect) reads again.
 */
export function oneReadAtATime(read: () => Promise<void>, active: () => boolean): () => void {
  let reading = false;
  let again = false;
  const catchUp = () => {
    if (!active()) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    void read()
      .catch(() => undefined)
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          catchUp();
        }
      });
  };
  return catchUp;
}
