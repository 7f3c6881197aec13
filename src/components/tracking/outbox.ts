// What the tracker loads once analytics is granted: the event builder and the batching queue.
export { buildTrackingEvent } from "../../domain/tracking-event";
export { queueEvent } from "../../app/event-queue";
