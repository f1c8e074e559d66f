import { group } from './define';

export default group('YWAQ', []);
