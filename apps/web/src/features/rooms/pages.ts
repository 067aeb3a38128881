// The room design screens, one chunk loaded on demand by routes.tsx.
export { DesignHistoryPage } from './DesignHistoryPage';
export { DesignPage } from './DesignPage';
export { RoomDesignPage } from './RoomDesignPage';
export { SharedDesignPage } from './SharedDesignPage';
