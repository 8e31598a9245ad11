/** The id of the opened webhook's panel (the list's buttons control it). */
export const DETAIL_ID = 'webhook-detail';

/** The id of the opened event endpoint's panel (the endpoints list's buttons control it). */
export const ENDPOINT_DETAIL_ID = 'endpoint-detail';
