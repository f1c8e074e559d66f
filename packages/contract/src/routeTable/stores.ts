import { group } from './define';

export default group('ZBHT-MDGL', []);
