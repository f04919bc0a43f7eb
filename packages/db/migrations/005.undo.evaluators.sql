DROP TABLE evaluator_applications;
