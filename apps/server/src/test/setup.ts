import { installValidationMessages } from '@shop/domain';

installValidationMessages();
